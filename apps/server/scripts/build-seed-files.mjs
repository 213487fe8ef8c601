// Builds the demo's document and videos in seed-files/ (committed, so neither the start command nor the tests need
// these tools): the product handbook PDF printed by Debian's chromium from seed-files/handbook.html, and two short
// H.264 clips drawn by ffmpeg (`apt-get install ffmpeg`) with the Noto CJK font. Run after changing either:
//   node apps/server/scripts/build-seed-files.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../seed-files/', import.meta.url));
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

execFileSync('chromium', [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-pdf-header-footer',
  `--print-to-pdf=${dir}handbook.pdf`,
  `file://${dir}handbook.html`,
]);

/** A 640×360 clip of `seconds`: a colour ground, the title and the subtitle, a dot running along a line; no sound. */
function clip(out, { title, subtitle, colour, seconds }) {
  if (!existsSync(FONT)) throw new Error(`${FONT} not found: apt-get install fonts-noto-cjk`);
  const text = (t, y, size) =>
    `drawtext=fontfile=${FONT}:text='${t}':fontcolor=white:fontsize=${size}:x=(w-text_w)/2:y=${y}`;
  const filter = [
    text(title, 120, 44),
    text(subtitle, 190, 24),
    `drawbox=x=80:y=276:w=480:h=4:color=white@0.5:t=fill`,
    `drawtext=fontfile=${FONT}:text='●':fontcolor=white:fontsize=24:x=72+480*t/${seconds}:y=264`,
  ].join(',');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=640x360:r=24:d=${seconds}`,
    '-vf',
    filter,
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    `${dir}${out}`,
  ]);
}

clip('demo-video.mp4', {
  title: '产品演示视频',
  subtitle: '演示科技 · 获客通演示数据',
  colour: '0x1f6feb',
  seconds: 8,
});
clip('case-video.mp4', { title: '客户案例', subtitle: '演示科技 · 获客通演示数据', colour: '0x0f9d58', seconds: 8 });

for (const f of ['handbook.pdf', 'demo-video.mp4', 'case-video.mp4'])
  console.log(`${f}: ${statSync(`${dir}${f}`).size} bytes`);

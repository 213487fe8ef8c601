// npm run bench            → every part
// npm run bench -- <name>  → one part (reads, startup)
// Builds nothing: run `npm run build` first. Never part of the test command.
const PARTS = ['startup', 'reads'];
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of asked.length ? asked : PARTS) {
  if (!PARTS.includes(name)) {
    console.error(`unknown bench part "${name}"; parts: ${PARTS.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n== bench ${name}`);
  const mod = await import(`./${name}.mjs`);
  await mod.run();
}

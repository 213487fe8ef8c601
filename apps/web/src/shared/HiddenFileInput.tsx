import type { ComponentProps } from 'react';

/**
 * The browser's file chooser, never shown: a button of ours opens it through its ref (a visible native input says
 * "Choose File / No file chosen" in the browser's language, beside our own button). `hidden` alone is not enough
 * inside an antd form, whose `.ant-form input[type='file'] { display: block }` outranks it (the video upload dialog
 * showed two native inputs), so it is also styled away.
 */
export function HiddenFileInput(props: Omit<ComponentProps<'input'>, 'type' | 'hidden' | 'style'>) {
  return <input {...props} type="file" hidden style={{ display: 'none' }} />;
}

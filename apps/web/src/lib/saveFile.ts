/** Hands a downloaded blob to the browser as a file with this name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has the file once the click is handled; the object URL can go a little later.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

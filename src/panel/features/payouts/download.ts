/**
 * Hands a file the page fetched (the cookie went with fetch) to the browser as a download under `name`:
 * a link to the blob, clicked. The blob's URL is freed a moment later, once the download has started.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

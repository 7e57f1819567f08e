/**
 * Writes `text` into `element`, when it differs, by changing its text node in place: replacing
 * the node (`textContent`) costs a frame that writes it every animation frame (a timecode while
 * playing) a node removed, one inserted and their styles recalculated.
 */
export function setText(element: Element, text: string): void {
  const node = element.firstChild;
  if (node && node === element.lastChild && node.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (element.textContent !== text) {
    element.textContent = text;
  }
}

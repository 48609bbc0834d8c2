/* What breaks a phone's page, as a list of findings: the document's width against the screen's,
   anything drawn past the screen's right edge outside a scroll box, and tap targets under `root`
   that another element covers at their centre (each is scrolled into view first). */
(root) => {
  const width = window.innerWidth, findings = [];
  const doc = document.documentElement.scrollWidth;
  if (doc !== width) findings.push(`document ${doc} px wide`);
  const scrolls = (el) => { for (let up = el.parentElement; up; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if ((x === 'auto' || x === 'scroll') && up !== document.documentElement && up !== document.body) return true;
    } return false; };
  const shown = (el, box) => box.width >= 4 && box.height >= 4 && el.checkVisibility({visibilityProperty: true})
      && !el.closest('.visually-hidden, [hidden], .skip-link');
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '')
      + ' "' + String(el.innerText || el.value || el.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 30) + '"';
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (!shown(el, box) || scrolls(el) || el.parentElement.closest('svg')) continue;  // an svg clips its own
    if (box.right > width + 0.5 || box.left < -0.5) findings.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
  const targets = document.querySelector(root).querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary');
  for (const el of targets) {
    let box = el.getBoundingClientRect();
    if (!shown(el, box)) continue;
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    box = el.getClientRects()[0];  // a link that wraps: its first line
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || x > width) continue;  // in a scroll box, off its visible part
    const hit = document.elementFromPoint(x, y);
    if (hit === null || el.contains(hit) || (el.labels && [...el.labels].some((label) => label.contains(hit)))) continue;
    if (hit.control === el) continue;
    findings.push(`${name(el)} is covered by ${name(hit)}`);
  }
  window.scrollTo(0, 0);
  return {width: doc, findings};
}

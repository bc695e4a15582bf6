// The catalogue and the table refuse to work inside another site's frame (clickjacking). Netlify
// says so with frame-ancestors 'self' (netlify.toml); a <meta> policy cannot, so on a host that
// sends no headers this does it: the page shows only a link to open it in its own tab, and stops.
// embed.html, made to be framed anywhere, does not import this.

function framedByAnotherSite() {
  if (window.top === window.self) return false;
  try {
    return window.top.location.origin !== location.origin;
  } catch {
    return true; // another origin's window cannot be read
  }
}

if (framedByAnotherSite()) {
  const link = Object.assign(document.createElement('a'), {href: location.href, target: '_blank',
    rel: 'noopener', textContent: 'Open pygames in its own tab'});
  document.body.replaceChildren(link);
  throw new Error('pygames does not run inside another site\'s frame');
}

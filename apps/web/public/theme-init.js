// Applies the remembered theme and language before the first paint, so the page never flashes.
// A file, not an inline script, so the Content-Security-Policy can stay at script-src 'self'.
try {
  var theme = localStorage.getItem('theme') === 'light' ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
  document.documentElement.lang = localStorage.getItem('lang') === 'EN' ? 'en' : 'ko';
} catch {
  // Storage blocked: the dark theme and Korean stay.
}

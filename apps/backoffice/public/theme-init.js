// Applies the operator's remembered theme and language before the first paint, so the page never flashes.
// A file, not an inline script, so the Content-Security-Policy can stay at script-src 'self'. The keys are the
// back office's own: it may share its origin with the player site, whose `theme` and `lang` are the player's.
try {
  var theme = localStorage.getItem('bo.theme') === 'light' ? 'light' : 'dark';
  document.documentElement.dataset.theme = theme;
  document.documentElement.lang = localStorage.getItem('bo.lang') === 'EN' ? 'en' : 'ko';
} catch {
  // Storage blocked: the dark theme and Korean stay.
}

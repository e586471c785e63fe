// The one export of react-on-preact.js that the site's own code and tests name; the rest is preact/compat's.
export { useSyncExternalStore } from 'react';

// The app-wide UI that reads the store (header, sync line, PWA controls), imported lazily with the
// data layer so that the entry screens render without either.
export { PwaControls } from './pwa/pwa-controls';
export { Header } from './routes/-components/header';
export { SyncIndicator } from './routes/-components/sync-indicator';

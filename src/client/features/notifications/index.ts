/**
 * Notifications: the bell in the app shell, the user's notifications, the outbox, and sending a
 * notification about an application.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router lazy-loads each page by
 * file (src/client/app/App.tsx). Nor is the bell: the app shell (components/AppLayout.tsx)
 * imports it by file, as importing this index would put its other exports in the shell's chunk,
 * which every signed-in screen loads first.
 */
export { SendNotificationButton } from './SendNotificationButton';

/**
 * Where Mantine's toasts show: at the bottom, 5 s each (SPEC §9). Its own module so Providers can
 * load it lazily: the container and its transitions stay out of the login screen's first load,
 * while `notifications.show()` (the store, in the main bundle) works from the start — toasts
 * shown before this loads appear as soon as it mounts.
 */
import '@mantine/core/styles/Notification.layer.css';
// Unlayered, so it wins over Mantine's core styles whenever those load (main.tsx).
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export default function NotificationsArea() {
  return <Notifications position="bottom-center" autoClose={5000} />;
}

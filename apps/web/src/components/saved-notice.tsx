import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';

const SAVED_NOTICE_ID = 'order-saved';

/**
 * Where 'Saved' shows (issue 15 'Saves that succeed say so briefly'): a narrow stack in the top right corner, over the
 * header, clear of the step's heading below it and of Next at the foot of the form, on a 390 px phone too.
 */
export function SavedNotices() {
  return <Notifications position="top-right" containerWidth={180} autoClose={2500} limit={1} />;
}

/**
 * Says briefly that a save succeeded: a polite status (role status, so a screen reader reads it without the focus
 * moving), one at a time, gone after 2.5 s or at its close button.
 */
export function showSaved(): void {
  notifications.hide(SAVED_NOTICE_ID);
  notifications.show({
    id: SAVED_NOTICE_ID,
    message: 'Saved',
    color: 'green',
    role: 'status',
    'aria-live': 'polite',
    closeButtonProps: { 'aria-label': 'Close' },
  });
}

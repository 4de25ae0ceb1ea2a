import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { registerSavedNotice } from './saved-notice-registry.ts';

const SAVED_NOTICE_ID = 'order-saved';

/** 'Saved' as a polite status (role status: a screen reader reads it, the focus stays), gone after 2.5 s. */
registerSavedNotice(() => {
  notifications.hide(SAVED_NOTICE_ID);
  notifications.show({
    id: SAVED_NOTICE_ID,
    message: 'Saved',
    color: 'green',
    role: 'status',
    'aria-live': 'polite',
    closeButtonProps: { 'aria-label': 'Close' },
  });
});

/**
 * Where 'Saved' shows (issue 15 'Saves that succeed say so briefly'): a narrow stack in the top right corner, over the
 * header, clear of the step's heading below it and of Next at the foot of the form, on a 390 px phone too.
 */
export default function SavedNoticesHost() {
  return <Notifications position="top-right" containerWidth={180} autoClose={2500} limit={1} />;
}

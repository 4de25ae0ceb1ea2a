import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { registerSavedNotice, SAVED_NOTICE_SIZE } from './saved-notice-registry.ts';

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
    style: { minHeight: SAVED_NOTICE_SIZE.height, paddingBlock: 4 },
  });
});

/**
 * Where 'Saved' shows (issue 15 'Saves that succeed say so briefly'): in the box kept for it in the page's flow
 * (SavedNotices), not over the page, so that it covers nothing on a 390 px phone or a desktop (decision 0332).
 */
export default function SavedNoticesHost() {
  return (
    <Notifications
      withinPortal={false}
      position="top-right"
      containerWidth={SAVED_NOTICE_SIZE.width}
      autoClose={2500}
      limit={1}
      style={{ position: 'absolute', top: 0, right: 0, width: '100%' }}
    />
  );
}

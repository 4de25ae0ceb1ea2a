import { REVIEW_MESSAGES } from '@gear/domain';
import { Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Location, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * The navigation state of a move made after a save (Next, Add Another Test): what the form held is saved, so
 * leaving does not ask.
 */
export const LEAVING_SAVED = { leavingSaved: true } as const;

const leavesSaved = (location: Location) =>
  (location.state as Partial<typeof LEAVING_SAVED> | null)?.leavingSaved === true;

interface Registry {
  setDirty(key: string, dirty: boolean): void;
  /** Runs the action now, or after Continue when a form holds unsaved changes. */
  guard(action: () => void): void;
}

const UnsavedChangesContext = createContext<Registry | null>(null);

/**
 * The one way a page asks before unsaved changes are lost (issue 15; spec 3 §2 'unsaved changes ('Unsaved changes
 * will be lost', Cancel / Continue)'): while any form inside holds changes, a move to another page (a step-bar link,
 * the breadcrumb, Back, the browser's back) opens the question, and a reload or closing the tab asks the browser's
 * own (beforeunload). A move made after a save (LEAVING_SAVED) goes through.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirtyKeys = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyKeys.current.size > 0 &&
      currentLocation.pathname !== nextLocation.pathname &&
      !leavesSaved(nextLocation),
  );

  useEffect(() => {
    if (!anyDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [anyDirty]);

  const registry = useMemo<Registry>(
    () => ({
      setDirty(key, dirty) {
        if (dirty) dirtyKeys.current.add(key);
        else dirtyKeys.current.delete(key);
        setAnyDirty(dirtyKeys.current.size > 0);
      },
      guard(action) {
        if (dirtyKeys.current.size > 0) setPending(() => action);
        else action();
      },
    }),
    [],
  );

  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext.Provider value={registry}>
      {children}
      <ConfirmDialog
        opened={pending !== null || blocked}
        title={REVIEW_MESSAGES.unsavedChanges}
        noLabel="Cancel"
        yesLabel="Continue"
        onNo={() => {
          setPending(null);
          if (blocked) blocker.reset();
        }}
        onYes={() => {
          const action = pending;
          setPending(null);
          if (blocked) blocker.proceed();
          action?.();
        }}
      >
        <Text size="sm">You have changes on this page that are not saved. Continue without saving them?</Text>
      </ConfirmDialog>
    </UnsavedChangesContext.Provider>
  );
}

/**
 * A form's part in UnsavedChangesProvider: says whether it holds unsaved changes; `guard` runs an action of the page
 * (switching a section, submitting) after asking when there are any. An editor embedded in a page without the
 * provider (spec 1 §2.7) leaves the asking to its host: there, guard runs the action at once.
 */
export function useUnsavedChanges(dirty: boolean): { guard(action: () => void): void } {
  const registry = useContext(UnsavedChangesContext);
  const key = useId();
  useEffect(() => {
    if (!registry) return;
    registry.setDirty(key, dirty);
    return () => registry.setDirty(key, false);
  }, [registry, key, dirty]);
  const guard = useCallback(
    (action: () => void) => (registry ? registry.guard(action) : action()),
    [registry],
  );
  return { guard };
}

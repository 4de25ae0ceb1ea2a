import { type StepBarItem, stepById, stepPath, stepProgress } from '@gear/domain';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './step-bar.module.css';
import { CheckIcon, NotNeededIcon, SkipIcon, StepIcon } from './step-icons.tsx';

/** The look of a step: current, not needed, done, skipped, open (a link) or upcoming. */
function stateOf(item: StepBarItem): string {
  if (item.current) return 'current';
  if (item.notNeeded) return 'not-needed';
  if (item.completed) return 'done';
  if (item.skipped) return 'skipped';
  return item.state === 'link' ? 'open' : 'upcoming';
}

export interface StepBarProps {
  /** The domain's stepBar(order, user, route, gearReqId). */
  items: StepBarItem[];
  orderId: number | 'new';
  /** The query string, kept when moving between steps (spec 1 §2.1). */
  search: string;
}

/**
 * spec 1 §2.3: each step a button with an icon and a label; a link only while at or before the first not-started
 * step; a check mark on completed steps; later steps disabled, titled '<label> is not available yet.'
 * Issue 15 (decision 0232): 'Step n of m: Name' above the bar; upcoming steps readable (at least 4.5:1); on a phone
 * the bar is one row that scrolls within itself. A skipped step has a look and a name of its own (decision 0330), and
 * so has a step the order does not need, which stays in its place so the count does not change (decision 0321).
 */
export function StepBar({ items, orderId, search }: StepBarProps) {
  const progress = stepProgress(items);
  return (
    <nav aria-label="Order steps" className={classes.bar}>
      {progress && (
        <Text fw={600} className={classes.progress}>
          {progress.text}
        </Text>
      )}
      <ol className={classes.list}>
        {items.map((item) => {
          const step = stepById(item.id);
          if (!step) return null;
          const { label, completed, skipped, notNeeded, current, gearReqId } = item;
          const mark = notNeeded ? 'not needed' : completed ? 'completed' : skipped ? 'skipped' : null;
          const common = {
            size: 'xs' as const,
            leftSection: <StepIcon step={item.key} />,
            rightSection: notNeeded ? (
              <NotNeededIcon />
            ) : completed ? (
              <CheckIcon />
            ) : skipped ? (
              <SkipIcon />
            ) : undefined,
            'data-completed': completed || undefined,
            // The marks are icons; the accessible name says them in words.
            'aria-label': mark ? `${label} (${mark})` : undefined,
          };
          return (
            <li key={`${item.id}-${gearReqId ?? ''}`} className={classes.item} data-state={stateOf(item)}>
              {item.state === 'link' ? (
                <Button
                  {...common}
                  component={Link}
                  to={stepPath(orderId, step, gearReqId, search)}
                  variant={current ? 'filled' : 'light'}
                  className={skipped && !current ? classes.skipped : undefined}
                  aria-current={current ? 'step' : undefined}
                >
                  {label}
                </Button>
              ) : (
                <Button
                  {...common}
                  variant="default"
                  disabled
                  title={item.title}
                  className={notNeeded ? classes.notNeeded : skipped ? classes.skipped : classes.upcoming}
                >
                  {label}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

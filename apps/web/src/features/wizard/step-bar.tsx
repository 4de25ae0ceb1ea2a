import { type StepBarItem, stepById, stepPath } from '@gear/domain';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import classes from './step-bar.module.css';
import { CheckIcon, StepIcon } from './step-icons.tsx';

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
 */
export function StepBar({ items, orderId, search }: StepBarProps) {
  return (
    <nav aria-label="Order steps">
      <ol className={classes.list}>
        {items.map((item) => {
          const step = stepById(item.id);
          if (!step) return null;
          const { label, completed, current, gearReqId } = item;
          const common = {
            size: 'xs' as const,
            leftSection: <StepIcon step={item.key} />,
            rightSection: completed ? <CheckIcon /> : undefined,
            'data-completed': completed || undefined,
            // The check mark is an icon; the accessible name says it in words.
            'aria-label': completed ? `${label} (completed)` : undefined,
          };
          return (
            <li key={`${item.id}-${gearReqId ?? ''}`} className={classes.item}>
              {item.state === 'link' ? (
                <Button
                  {...common}
                  component={Link}
                  to={stepPath(orderId, step, gearReqId, search)}
                  variant={current ? 'filled' : 'light'}
                  aria-current={current ? 'step' : undefined}
                >
                  {label}
                </Button>
              ) : (
                <Button {...common} variant="default" disabled title={item.title}>
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

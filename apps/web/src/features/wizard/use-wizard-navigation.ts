import {
  homePathOf,
  type NavigationTarget,
  nextStep,
  previousStep,
  type StepDefinition,
  stepPath,
  type UserInfo,
} from '@gear/domain';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { LEAVING_SAVED } from '../../components/unsaved-changes.tsx';
import type { WizardOrder } from './wizard-order.ts';

export interface WizardNavigation {
  /**
   * After a save: a new order's address becomes /order/{id}/… (replacing /order/new/…, query string kept),
   * then the user moves to the next valid step of the saved order (spec 1 §4.1), or home when there is none.
   */
  next(saved?: WizardOrder): Promise<void>;
  /** The previous valid step; from the first step, home (spec 1 §4.1): a practitioner's orders page (0311). */
  back(): Promise<void>;
}

export function useWizardNavigation(
  order: WizardOrder,
  user: UserInfo,
  step: StepDefinition,
  gearReqId: number | null,
): WizardNavigation {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  /** Next follows a save, so it leaves without asking; Back asks first when the form holds changes. */
  const goTo = async (orderId: WizardOrder['id'], target: NavigationTarget, options?: NavigateOptions) => {
    if (target.kind === 'step')
      await navigate(stepPath(orderId, target.step, target.gearReqId, search), options);
    // Back from the first step: practitioners to their orders page, where the draft is listed (decision 0311).
    else if (target.kind === 'home') await navigate(homePathOf(user), options);
    else await navigate('/', options);
  };

  return {
    async next(saved = order) {
      if (order.id === 'new' && saved.id !== 'new') {
        await navigate(`${pathname.replace(/^\/order\/new\//, `/order/${saved.id}/`)}${search}`, {
          replace: true,
          state: LEAVING_SAVED,
        });
      }
      await goTo(saved.id, nextStep(saved, user, step.id, gearReqId), { state: LEAVING_SAVED });
    },
    back: () => goTo(order.id, previousStep(order, user, step.id, gearReqId)),
  };
}

import type { StepDefinition, UserInfo } from '@gear/domain';
import type { WizardNavigation } from './use-wizard-navigation.ts';
import type { WizardOrder } from './wizard-order.ts';

/** What every wizard step component receives from the shell. */
export interface StepProps {
  order: WizardOrder;
  user: UserInfo;
  step: StepDefinition;
  gearReqId: number | null;
  navigation: WizardNavigation;
}

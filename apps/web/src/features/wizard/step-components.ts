import type { StepKey } from '@gear/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { StepProps } from './types.ts';

/**
 * The wizard's steps, keyed by route. Each issue that builds a step adds its component here; a route without one
 * shows the shell (breadcrumbs, step bar, heading) only.
 */
export const stepComponents: Partial<Record<StepKey, LazyExoticComponent<ComponentType<StepProps>>>> = {
  pract: lazy(async () => ({
    default: (await import('../practitioner/practitioner-step.tsx')).PractitionerStep,
  })),
  panels: lazy(async () => ({
    default: (await import('../panels/panels-step.tsx')).PanelsStep,
  })),
  billing: lazy(async () => ({
    default: (await import('../billing/billing-step.tsx')).BillingStep,
  })),
  dxCodes: lazy(async () => ({
    default: (await import('../dx-codes/dx-codes-step.tsx')).DxCodesStep,
  })),
  collection: lazy(async () => ({
    default: (await import('../collection/collection-step.tsx')).CollectionStep,
  })),
  shipping: lazy(async () => ({
    default: (await import('../shipping/shipping-step.tsx')).ShippingStep,
  })),
  patient: lazy(async () => ({
    default: (await import('../patient/patient-step.tsx')).PatientStep,
  })),
  insurance: lazy(async () => ({
    default: (await import('../insurance/insurance-step.tsx')).InsuranceStep,
  })),
  confirm: lazy(async () => ({
    default: (await import('../review/review-step.tsx')).ReviewStep,
  })),
  // The patient's review and payment (spec 3 §2 'Payment section'; decision 0120): the review with the payment section.
  summary: lazy(async () => ({
    default: (await import('../review/review-step.tsx')).ReviewStep,
  })),
  customize: lazy(async () => ({
    default: (await import('../customize/customize-step.tsx')).CustomizeStep,
  })),
  handoff: lazy(async () => ({
    default: (await import('../handoff/handoff-step.tsx')).HandoffStep,
  })),
};

export * from './messages.ts';
export * from './model.ts';
export * from './workflow/steps.ts';

export * from './accounts.ts';
export * from './catalogue.ts';
export * from './commerce.ts';
export * from './lab-events.ts';
export * from './marketing.ts';
export * from './orders.ts';
export * from './practitioners.ts';
export * from './submissions.ts';

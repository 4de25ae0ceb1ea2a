export * from './catalogue-fixtures.ts';
export * from './fixtures.ts';

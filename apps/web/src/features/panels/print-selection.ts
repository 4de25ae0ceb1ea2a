/** The print file of test selections lives in components/ (the review prints it too); panels keeps this name. */
export { printTestSelection } from '../../components/print-test-selection.ts';

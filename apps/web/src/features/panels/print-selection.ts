/** The print file of test selections lives in components/ (the review prints it too); panels keeps this name. */
export {
  PRINT_FILE_NAME,
  type PrintDocument,
  type PrintSection,
  printTestSelection,
} from '../../components/print-test-selection.ts';

/** Decorative 16-pixel line icons of the panel selection step (the controls carry their names). */
const Icon = ({ d }: { d: string }) => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
    <path d={d} stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const CheckIcon = () => <Icon d="M3 8.5l3.2 3L13 4.5" />;
export const InfoIcon = () => <Icon d="M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM8 7.5v4M8 4.8v.1" />;
export const PrintIcon = () => <Icon d="M4 6V2h8v4M4 12H2.5V6.5h11V12H12M4 9.5h8V14H4z" />;
export const SearchIcon = () => <Icon d="M7 12.5a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11zM11 11l3.5 3.5" />;

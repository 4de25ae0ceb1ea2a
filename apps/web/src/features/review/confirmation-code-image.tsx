/**
 * spec 3 §2 'instructions on where to write it (with an image)': a requisition form with the confirmation code box
 * at its top right, the code written in it.
 */
export function ConfirmationCodeImage({ code }: { code: number }) {
  return (
    <svg
      viewBox="0 0 240 150"
      width="100%"
      style={{ maxWidth: 320 }}
      role="img"
      aria-label={`A requisition form with the confirmation code ${code} written in the box at its top right`}
    >
      <rect x="1" y="1" width="238" height="148" rx="4" fill="#fff" stroke="#495057" strokeWidth="2" />
      <rect x="12" y="14" width="110" height="10" fill="#ced4da" />
      <rect x="12" y="32" width="80" height="6" fill="#dee2e6" />
      <rect x="140" y="10" width="88" height="34" fill="#fff3bf" stroke="#c92a2a" strokeWidth="2" />
      <text x="184" y="22" fontSize="8" textAnchor="middle" fill="#212529">
        Confirmation Code
      </text>
      <text x="184" y="37" fontSize="12" textAnchor="middle" fontWeight="bold" fill="#212529">
        {code}
      </text>
      {[60, 76, 92, 108, 124].map((y) => (
        <rect key={y} x="12" y={y} width="216" height="6" fill="#e9ecef" />
      ))}
    </svg>
  );
}

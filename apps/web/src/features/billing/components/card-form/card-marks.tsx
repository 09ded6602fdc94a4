import { copy } from "@doorstep/shared/copy";

// BILL-19: simple brand marks (text on the brand colours), so no third-party artwork is bundled.
const MARKS = [
  { brand: "visa", text: "VISA", className: "card-mark--visa" },
  { brand: "mastercard", text: "MC", className: "card-mark--mastercard" },
  { brand: "amex", text: "AMEX", className: "card-mark--amex" },
] as const;

/** "We accept" with the visa, mastercard and amex marks. */
export function CardMarks() {
  return (
    <div className="card-marks">
      <span className="card-marks__label">{copy.billing.acceptedCards}</span>
      <ul className="card-marks__list">
        {MARKS.map((mark) => (
          <li key={mark.brand} className={`card-mark ${mark.className}`}>
            <span aria-hidden="true">{mark.text}</span>
            <span className="visually-hidden">{copy.billing.brands[mark.brand]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { prescriptionMessages, PRESCRIPTION_MODES } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/ui/icons';
import '../../components/ui/item-lists.css';

/** /app/prescription (spec §2): how to send the prescription, then the 'Inserisci ricetta' form. */
export function PrescriptionChoiceScreen() {
  return (
    <div className="page prescription-choice">
      <h1>{prescriptionMessages.title}</h1>
      <p className="catalogue__lead">{prescriptionMessages.choiceIntro}</p>
      <ul className="choice-list">
        {PRESCRIPTION_MODES.map((mode) => (
          <li key={mode}>
            <Link to="/app/prescription/$entry" params={{ entry: mode }} className="choice">
              <Icon name="prescription" className="choice__icon" />
              <span className="choice__text">
                <span className="choice__title">{prescriptionMessages.modeTitles[mode]}</span>
                <span className="choice__description">{prescriptionMessages.modeDescriptions[mode]}</span>
              </span>
              <Icon name="chevron" />
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/app/help/$topic" params={{ topic: 'prescription' }}>
          {prescriptionMessages.helpLink}
        </Link>
      </p>
    </div>
  );
}

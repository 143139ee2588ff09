import { messages, PRESCRIPTION_MODES } from '@farmacia/contract';
import { Link } from '@tanstack/react-router';
import { Icon } from '../../components/ui/icons';
import '../../components/ui/item-lists.css';

/** /app/prescription (spec §2): how to send the prescription, then the 'Inserisci ricetta' form. */
export function PrescriptionChoiceScreen() {
  return (
    <div className="page prescription-choice">
      <h1>{messages.prescription.title}</h1>
      <p className="catalogue__lead">{messages.prescription.choiceIntro}</p>
      <ul className="choice-list">
        {PRESCRIPTION_MODES.map((mode) => (
          <li key={mode}>
            <Link to="/app/prescription/$entry" params={{ entry: mode }} className="choice">
              <Icon name="prescription" className="choice__icon" />
              <span className="choice__text">
                <span className="choice__title">{messages.prescription.modeTitles[mode]}</span>
                <span className="choice__description">{messages.prescription.modeDescriptions[mode]}</span>
              </span>
              <Icon name="chevron" />
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/app/help/$topic" params={{ topic: 'prescription' }}>
          {messages.prescription.helpLink}
        </Link>
      </p>
    </div>
  );
}

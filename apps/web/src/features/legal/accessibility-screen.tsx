import {
  ACCESSIBILITY_STATEMENT_DATE,
  AGID_REPORT_URL,
  fillMessage,
  formatDate,
  accessibilityStatementMessages,
  appMessages,
  shopLegalMessages,
} from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { Loader } from '../../components/ui/loader';
import { shopLegalQueryOptions } from '../../lib/shop-api';
import './legal.css';

const A = accessibilityStatementMessages;

/** The feedback sentence with the shop's e-mail as a link in place of `{email}`. */
function FeedbackWithEmail({ email }: { email: string }) {
  const [before, after] = A.feedback.split('{email}');
  return (
    <>
      {before}
      <a href={`mailto:${email}`}>{email}</a>
      {after}
    </>
  );
}

/**
 * `/app/accessibility` (decision 0406): the accessibility statement the European Accessibility Act
 * and AgID's guidelines ask for, with the current shop's name and its e-mail for feedback.
 */
export function AccessibilityScreen() {
  const { data, isPending } = useQuery(shopLegalQueryOptions);
  const shopName = data?.legal_name ?? data?.shop_name ?? appMessages.name;
  return (
    <div className="page legal">
      <h1>{shopLegalMessages.accessibility}</h1>
      {isPending ? <Loader /> : null}
      <p>{fillMessage(A.intro, { shopName })}</p>
      <h2>{A.statusTitle}</h2>
      <p>{A.status}</p>
      <h2>{A.gapsTitle}</h2>
      <ul>
        <li>{A.gapDocuments}</li>
        <li>{A.gapContent}</li>
        <li>{A.gapPayments}</li>
      </ul>
      <h2>{A.methodTitle}</h2>
      <p>{fillMessage(A.method, { date: formatDate(ACCESSIBILITY_STATEMENT_DATE) })}</p>
      <h2>{A.feedbackTitle}</h2>
      <p>{data?.email ? <FeedbackWithEmail email={data.email} /> : A.feedbackNoEmail}</p>
      <h2>{A.enforcementTitle}</h2>
      <p>{A.enforcement}</p>
      <p>
        <a href={AGID_REPORT_URL} target="_blank" rel="noopener noreferrer">
          {A.enforcementLink}
        </a>
      </p>
    </div>
  );
}

import { type ContentKey, accountMenuMessages, appMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { contentQueryOptions } from '../../lib/shop-api';

/** A page of shop-written HTML (privacy policy, terms): sanitized by the server and again here. */
function ContentScreen({ title, contentKey }: { title: string; contentKey: ContentKey }) {
  const { data, isPending, isError } = useQuery(contentQueryOptions(contentKey));
  return (
    <div className="page">
      <h1>{title}</h1>
      {isPending ? <Loader /> : isError ? <p className="notice">{appMessages.loadFailed}</p> : null}
      {data ? <HtmlContent html={data} /> : !isPending && !isError ? <p className="notice">{appMessages.contentUnavailable}</p> : null}
    </div>
  );
}

export function PrivacyPolicyScreen() {
  return <ContentScreen title={accountMenuMessages.privacyPolicy} contentKey="privacy" />;
}

export function TermsScreen() {
  return <ContentScreen title={accountMenuMessages.terms} contentKey="tos" />;
}

import { appMessages, helpMessages } from '@farmacia/contract';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page';
import '../../components/ui/item-lists.css';

const routeApi = getRouteApi('/_app/app/help/$topic');

type HelpTopic = keyof typeof helpMessages.topics;

/** Where each topic's "do it now" link goes (shown only once that screen exists). */
const ACTION_PATH: Record<HelpTopic, string> = {
  prescription: '/app/prescription',
  productphoto: '/app/productPhoto',
  Galenica: '/app/galenica',
  Services: '/app/services',
};

/** Spec §2 topics are productphoto, Galenica, Services, prescription; any case is accepted. */
export function helpTopicOf(topic: string): HelpTopic | undefined {
  return (Object.keys(helpMessages.topics) as HelpTopic[]).find((t) => t.toLowerCase() === topic.toLowerCase());
}

/** /app/help/{productphoto|Galenica|Services|prescription}: how to use that part of the app. */
export function HelpScreen() {
  const { topic } = routeApi.useParams();
  const router = useRouter();
  const key = helpTopicOf(topic);
  if (!key) {
    return (
      <NotFoundPage title={helpMessages.notFound} to="/app/home" linkText={appMessages.backToHome} />
    );
  }
  const help = helpMessages.topics[key];
  const action = ACTION_PATH[key];
  return (
    <article className="page help">
      <h1>{help.title}</h1>
      {help.sections.map((section) => (
        <section key={section.heading} className="help__section">
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
      {action in router.routesByPath ? (
        <Link to={action as '/'} className="button button--primary button--block">
          {help.action}
        </Link>
      ) : null}
    </article>
  );
}

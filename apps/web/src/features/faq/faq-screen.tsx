import { appMessages, chatMessages } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { HtmlContent } from '../../components/ui/html-content';
import { Loader } from '../../components/ui/loader';
import { contentQueryOptions, optionQueryOptions } from '../../lib/shop-api';
import { AssistantChat } from './assistant-chat';
import './faq.css';

/**
 * /app/faq 'Domande Frequenti' (spec §2 FAQ): the virtual assistant when the shop's option
 * `chatbot` is '1', and the shop's FAQ page.
 */
export function FaqScreen() {
  const chatbot = useQuery(optionQueryOptions('chatbot'));
  const faq = useQuery(contentQueryOptions('faq'));
  return (
    <div className="page faq">
      <h1>{chatMessages.faqTitle}</h1>
      {chatbot.data === '1' ? <AssistantChat /> : null}
      {faq.isPending ? <Loader /> : null}
      {faq.isError ? <p className="notice">{appMessages.loadFailed}</p> : null}
      {faq.data ? (
        <div className="card">
          <HtmlContent html={faq.data} />
        </div>
      ) : !faq.isPending && !faq.isError ? (
        <p className="notice">{appMessages.contentUnavailable}</p>
      ) : null}
    </div>
  );
}

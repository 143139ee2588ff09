import { homeMessages, type SelectService } from '@farmacia/contract';
import { useRouter } from '@tanstack/react-router';
import { Icon, type IconName } from '../../components/ui/icons';
import { PlainLink } from '../../components/ui/plain-link';
import { TitledCard } from '../../components/ui/titled-card';

interface QuickAction {
  to: string;
  label: string;
  icon: IconName;
}

/** Spec §1/§2 quick buttons, in the order a customer reaches for them. */
const QUICK_ACTIONS: readonly QuickAction[] = [
  { to: '/app/search', label: homeMessages.search, icon: 'search' },
  { to: '/app/prescription', label: homeMessages.prescriptions, icon: 'prescription' },
  { to: '/app/services', label: homeMessages.services, icon: 'calendar' },
  { to: '/app/events', label: homeMessages.events, icon: 'star' },
  { to: '/app/promotions', label: homeMessages.promotions, icon: 'tag' },
];

/** Only the buttons whose screen exists, so none leads nowhere. */
export function visibleQuickActions(routeExists: (path: string) => boolean): QuickAction[] {
  return QUICK_ACTIONS.filter((action) => routeExists(action.to));
}

export function QuickActions() {
  const router = useRouter();
  const actions = visibleQuickActions((path) => path in router.routesByPath);
  if (actions.length === 0) return null;
  return (
    <nav className="quick-actions" aria-label={homeMessages.quickActions}>
      <ul className="quick-actions__list">
        {actions.map((action) => (
          <li key={action.to}>
            <PlainLink href={action.to} className="quick-action">
              <Icon name={action.icon} />
              <span>{action.label}</span>
            </PlainLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec §2: the featured services of the `select_service` option, linked to their page when it exists. */
export function FeaturedServices({ services }: { services: readonly SelectService[] }) {
  const router = useRouter();
  if (services.length === 0) return null;
  const linkable = '/app/services/$id' in router.routesByPath;
  return (
    <TitledCard id="featured-services-title" title={homeMessages.featuredServices}>
      <ul className="featured-services">
        {services.map((service) => (
          <li key={service.id}>
            {linkable ? (
              <PlainLink href={`/app/services/${service.id}`} className="featured-service">
                <span>{service.name}</span>
                <Icon name="chevron" />
              </PlainLink>
            ) : (
              <span className="featured-service">{service.name}</span>
            )}
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

/** Spec §1: the virtual assistant card, only when the shop turned the chatbot on ('1'). */
export function AssistantCard({ chatbot }: { chatbot: string | undefined }) {
  const router = useRouter();
  if (chatbot !== '1' || !('/app/faq' in router.routesByPath)) return null;
  return (
    <TitledCard id="assistant-title" className="assistant-card" title={homeMessages.virtualAssistant}>
      <p>{homeMessages.virtualAssistantText}</p>
      <PlainLink href="/app/faq" className="button button--primary">
        {homeMessages.virtualAssistantOpen}
      </PlainLink>
    </TitledCard>
  );
}

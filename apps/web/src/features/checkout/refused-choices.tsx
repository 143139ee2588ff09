import { saleRulesMessages } from '@farmacia/contract';

/**
 * The delivery choices the online-sale rules keep out of this order, and why (decision 0400):
 * one line per reason, so the customer knows what is not offered rather than wondering.
 */
export function RefusedChoices({ refused }: { refused: ReadonlyArray<{ label: string; reason: string }> }) {
  if (refused.length === 0) return null;
  const byReason = new Map<string, string[]>();
  for (const { label, reason } of refused) byReason.set(reason, [...(byReason.get(reason) ?? []), label]);
  return (
    <div className="notice notice--info">
      {[...byReason].map(([reason, labels]) => (
        <p key={reason}>
          {saleRulesMessages.notOffered} {labels.join(', ')}. {reason}
        </p>
      ))}
    </div>
  );
}

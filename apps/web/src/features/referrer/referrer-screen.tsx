import { fillMessage, appMessages, referrerMessages, referralLink } from '@farmacia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Loader } from '../../components/ui/loader';
import { showToast } from '../../components/ui/toast';
import { optionQueryOptions } from '../../lib/shop-api';
import { referrerQueryOptions } from './referrer-api';
import './referrer.css';

/** Copies text: the Clipboard API, or a hidden textarea where it is missing (older WebViews). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * /app/referrer 'Invita un amico' (spec §2): the user's friend code and a share link to the
 * signup with `ref`; shared with the Web Share API where the device has it, copied otherwise.
 */
export function ReferrerScreen() {
  const { data: code, isPending, isError } = useQuery(referrerQueryOptions);
  const { data: shopName } = useQuery(optionQueryOptions('shop_name'));
  const [sharing, setSharing] = useState(false);
  const link = code ? referralLink(window.location.origin, code) : '';
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    const ok = await copyText(link);
    showToast(ok ? referrerMessages.copied : referrerMessages.copyFailed, { tone: ok ? 'success' : 'warning' });
  };

  const share = async () => {
    if (!code) return;
    const data = {
      title: referrerMessages.shareTitle,
      text: fillMessage(referrerMessages.shareText, { shop: shopName ?? 'Farmacia', code }),
      url: link,
    };
    if (!canShare || (navigator.canShare && !navigator.canShare(data))) {
      await copy();
      return;
    }
    setSharing(true);
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is not an error; anything else falls back to copying.
      if ((error as DOMException)?.name !== 'AbortError') await copy();
    } finally {
      setSharing(false);
    }
  };

  return (
    <div className="page referrer">
      <h1>{referrerMessages.title}</h1>
      <p>{referrerMessages.intro}</p>
      {isPending ? <Loader /> : null}
      {isError ? <p className="notice">{appMessages.loadFailed}</p> : null}
      {code ? (
        <div className="card">
          <dl className="referrer__facts">
            <dt className="referrer__label">{referrerMessages.codeLabel}</dt>
            <dd className="referrer__code">{code}</dd>
            <dt className="referrer__label">{referrerMessages.linkLabel}</dt>
            <dd className="referrer__link">{link}</dd>
          </dl>
          <div className="referrer__actions">
            {canShare ? (
              <Button block busy={sharing} onClick={() => void share()}>
                {referrerMessages.share}
              </Button>
            ) : null}
            <Button block variant={canShare ? 'secondary' : 'primary'} onClick={() => void copy()}>
              {referrerMessages.copy}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

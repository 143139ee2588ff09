import { appMessages, notificationsMessages, type NotificationType, notificationToggledMessage } from '@farmacia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Checkbox } from '../../components/ui/checkbox';
import { Loader } from '../../components/ui/loader';
import { showToast } from '../../components/ui/toast';
import { deviceId } from './device-id';
import { disableNotification, enableNotification, notificationQueryOptions } from './notifications-api';
import { PushPermissionDenied, pushPermission, pushSupported, subscribeToPush, unsubscribeFromPush } from './push';
import './settings.css';

const CHANNELS: ReadonlyArray<{ type: NotificationType; label: string; hint: string }> = [
  { type: 'push', label: notificationsMessages.push, hint: notificationsMessages.pushHint },
  { type: 'email', label: notificationsMessages.email, hint: notificationsMessages.emailHint },
  { type: 'sms', label: notificationsMessages.sms, hint: notificationsMessages.smsHint },
];

/**
 * /app/settings (spec §2 Profile and settings, §4 Push notifications): the email, sms and push
 * toggles of this device. Push asks the browser's permission from the tap; a denied permission
 * disables the toggle with the spec's text; each change confirms with the spec §8 toast.
 */
export function SettingsScreen() {
  const device = deviceId();
  return (
    <div className="page settings">
      <h1>{notificationsMessages.title}</h1>
      <p>{notificationsMessages.intro}</p>
      <div className="card settings__list">
        {CHANNELS.map((c) => (
          <ChannelToggle key={c.type} type={c.type} label={c.label} hint={c.hint} device={device} />
        ))}
      </div>
    </div>
  );
}

function ChannelToggle({ type, label, hint, device }: { type: NotificationType; label: string; hint: string; device: string }) {
  const queryClient = useQueryClient();
  const options = notificationQueryOptions(type, device);
  const { data: active, isPending, isError } = useQuery(options);
  const [busy, setBusy] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission>(() => (type === 'push' ? pushPermission() : 'granted'));
  const unsupported = type === 'push' && !pushSupported();
  const denied = type === 'push' && !unsupported && permission === 'denied';

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const token = type === 'push' ? await subscribeToPush() : undefined;
        await enableNotification(type, device, token);
      } else {
        await disableNotification(type, device);
        if (type === 'push') await unsubscribeFromPush();
      }
      queryClient.setQueryData(options.queryKey, on);
      showToast(notificationToggledMessage(type, on), { tone: 'success' });
    } catch (error) {
      if (error instanceof PushPermissionDenied) {
        setPermission(pushPermission());
        showToast(notificationsMessages.pushPermissionDenied, { tone: 'warning', duration: 3000 });
      } else if (type === 'push') {
        showToast(notificationsMessages.pushGenericProblem, { tone: 'warning' });
      } else if (isApiError(error) && error.status !== 0) {
        showToast(Object.values(error.errors)[0]?.at(-1) ?? error.message, { tone: 'warning' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (isPending) return <Loader />;
  const note = unsupported
    ? notificationsMessages.pushUnsupported
    : denied
      ? notificationsMessages.pushPermissionDenied
      : isError
        ? appMessages.loadFailed
        : hint;
  return (
    <Checkbox
      asSwitch
      label={label}
      note={note}
      checked={active === true}
      disabled={busy || unsupported || denied || isError}
      aria-busy={busy || undefined}
      onChange={(event) => void toggle(event.currentTarget.checked)}
    />
  );
}

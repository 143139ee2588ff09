import { fillMessage, type LiveStatus, messages } from '@farmacia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { onLiveStatus, startBackofficeLive } from '../lib/live';

const SOUND_KEY = 'farmacia.backoffice.newOrderSound';
/** At most this many new-order notices at once: the oldest goes when another arrives. */
const MAX_NOTICES = 3;

/** Whether the new-order sound is on (remembered on this computer, on by default). */
export function soundEnabled(): boolean {
  return localStorage.getItem(SOUND_KEY) !== 'off';
}

/** Two short tones: audible at a busy counter without a sound file to load. */
function chime(): void {
  try {
    const audio = new AudioContext();
    void audio.resume();
    for (const [i, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.2, audio.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.18);
      tone.stop(audio.currentTime + i * 0.18 + 0.17);
    }
    setTimeout(() => void audio.close(), 1_000);
  } catch {
    // No audio on this browser: the visual notice is still there.
  }
}

/**
 * The shop's live stream for the whole console (mounted once in the layout): screens refetch on
 * its events; a new order shows a notice in a polite live region, with a sound the pharmacist can
 * switch off, and the bar says whether updates are live or polled.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [sound, setSound] = useState(soundEnabled);
  const [notices, setNotices] = useState<number[]>([]);

  useEffect(() => {
    const unlisten = onLiveStatus(setStatus);
    const stop = startBackofficeLive({
      queryClient,
      onNewOrder: (id) => {
        setNotices((list) => [...list.filter((n) => n !== id), id].slice(-MAX_NOTICES));
        if (soundEnabled()) chime();
      },
    });
    return () => {
      stop();
      unlisten();
    };
  }, [queryClient]);

  const toggleSound = () => {
    localStorage.setItem(SOUND_KEY, sound ? 'off' : 'on');
    setSound(!sound);
  };
  const text = messages.live;

  return (
    <div className="live">
      <span className="live-state" data-state={status}>
        {status === 'open' ? text.live : text.polling}
      </span>
      <button type="button" className="secondary" aria-pressed={sound} onClick={toggleSound}>
        <span aria-hidden="true">{sound ? '🔔' : '🔕'}</span> {text.sound}
      </button>
      <section className="live-notices" aria-label={text.notices} aria-live="polite">
        {notices.map((id) => (
          <p key={id} className="live-notice">
            <Link to="/ordini/$id" params={{ id }} onClick={() => setNotices((l) => l.filter((n) => n !== id))}>
              {fillMessage(text.newOrder, { id })}
            </Link>
            <button
              type="button"
              className="link"
              aria-label={`${text.dismiss}: ${fillMessage(text.newOrder, { id })}`}
              onClick={() => setNotices((l) => l.filter((n) => n !== id))}
            >
              ×
            </button>
          </p>
        ))}
      </section>
    </div>
  );
}

import { fillMessage, scanCameraMessages, scanMessages } from '@farmacia/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { type CameraProblem, cameraProblemOf, hasTorch, openBackCamera, pixelsOf, setTorch, stopCamera } from './camera';
import { addMemoFrame, CAMERA_SIGHTINGS, EMPTY_MEMO_PROGRESS, firstPackRead, type MemoProgress, memoHasSomething } from './collect';
import { type BarcodeReader, loadBarcodeReader, readAllPasses } from './decoder';
import type { ScanDialogProps } from './scan-formats';
import type { ScanRead } from './scan-formats';
import './scan-dialog.css';

const text = scanCameraMessages;

/** Pause between two frames read: about five a second, leaving the phone's CPU to the page. */
const FRAME_PAUSE_MS = 120;

type Phase = 'starting' | 'scanning' | 'photo' | 'decoderFailed';

/**
 * The scanner: the back camera's picture in a viewfinder, read frame by frame until the purpose
 * has what it needs; a photo of the code where there is no camera or it was refused. Nothing
 * leaves the phone: frames and photos are read here and dropped.
 */
export default function ScanDialogBody({ open, purpose, onClose, onScanned }: ScanDialogProps) {
  const hintId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [photoNotice, setPhotoNotice] = useState<string | null>(null);
  const [torch, setTorchState] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const [progress, setProgress] = useState<MemoProgress>(EMPTY_MEMO_PROGRESS);
  const stream = useRef<MediaStream | null>(null);
  const reader = useRef<Promise<BarcodeReader> | null>(null);
  const progressRef = useRef<MemoProgress>(EMPTY_MEMO_PROGRESS);
  const finished = useRef(false);
  const onScannedRef = useRef(onScanned);
  onScannedRef.current = onScanned;

  /** Hands the values over once, and lets the camera go. */
  const finish = useCallback((values: ScanRead[]) => {
    if (finished.current) return;
    finished.current = true;
    stopCamera(stream.current);
    stream.current = null;
    performance.mark('scan:result');
    onScannedRef.current(values);
  }, []);

  /** One frame's or one photo's reads; true when they completed the scan. */
  const take = useCallback(
    (reads: readonly ScanRead[], weight: number): boolean => {
      if (purpose === 'pack') {
        const hit = firstPackRead(reads);
        if (hit) finish([hit]);
        return hit !== undefined;
      }
      const next = addMemoFrame(progressRef.current, reads, weight);
      if (next === progressRef.current) return false;
      progressRef.current = next;
      setProgress(next);
      if (next.complete) finish([...next.confirmed]);
      return next.complete;
    },
    [purpose, finish],
  );

  useEffect(() => {
    if (!open) return;
    finished.current = false;
    let cancelled = false;
    const canvas = document.createElement('canvas');
    reader.current = loadBarcodeReader(purpose);
    reader.current.catch(() => {
      if (!cancelled) setPhase('decoderFailed');
    });

    const readFrames = async () => {
      const decoder = await reader.current!.catch(() => null);
      const node = video.current;
      let frame = 0;
      while (decoder && !cancelled && !finished.current && node && stream.current) {
        const image = node.readyState >= 2 ? pixelsOf(node, node.videoWidth, node.videoHeight, canvas) : null;
        if (image) {
          // One pass per frame, in turn (zxing-read.ts): each frame costs one read, a tilted memo still reads.
          // A frame the reader chokes on is skipped like a blurred one.
          take(await decoder.read(image, frame++ % decoder.passes).catch(() => []), 1);
        }
        await new Promise((resolve) => setTimeout(resolve, FRAME_PAUSE_MS));
      }
    };

    openBackCamera()
      .then(async (opened) => {
        if (cancelled) {
          stopCamera(opened);
          return;
        }
        stream.current = opened;
        setTorchState({ available: hasTorch(opened), on: false });
        const node = video.current;
        if (!node) return;
        node.srcObject = opened;
        node.addEventListener('loadeddata', () => performance.mark('scan:first-frame'), { once: true });
        await node.play().catch(() => undefined);
        setPhase((current) => (current === 'decoderFailed' ? current : 'scanning'));
        await readFrames();
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setProblem(cameraProblemOf(error));
        setPhase((current) => (current === 'decoderFailed' ? current : 'photo'));
      });

    return () => {
      cancelled = true;
      stopCamera(stream.current);
      stream.current = null;
    };
  }, [open, purpose, take]);

  const toggleTorch = async () => {
    if (!stream.current) return;
    const on = !torch.on;
    await setTorch(stream.current, on).catch(() => undefined);
    setTorchState({ available: true, on });
  };

  const readPhoto = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file || !reader.current) return;
    setPhotoNotice(text.readingPhoto);
    let image: ImageData | null = null;
    try {
      const bitmap = await createImageBitmap(file);
      image = pixelsOf(bitmap, bitmap.width, bitmap.height, document.createElement('canvas'));
      bitmap.close();
    } catch {
      setPhotoNotice(text.photoUnreadable);
      return;
    }
    const decoder = await reader.current.catch(() => null);
    const reads = image && decoder ? await readAllPasses(decoder, image).catch(() => []) : [];
    const completed = take(reads, CAMERA_SIGHTINGS);
    if (completed) return;
    const something = purpose === 'memo' && memoHasSomething(progressRef.current);
    setPhotoNotice(something ? null : text.photoNothing);
  };

  const memoStatus =
    purpose === 'memo' && memoHasSomething(progress)
      ? [
          progress.found.nre ? fillMessage(text.foundNre, { nre: progress.found.nre }) : text.missingNre,
          progress.found.fiscalCode
            ? fillMessage(text.foundFiscalCode, { fiscalCode: progress.found.fiscalCode })
            : text.missingFiscalCode,
        ]
      : [];
  const cameraNotice = problem ? text[problem] : phase === 'starting' ? text.preparing : text.scanning;

  return (
    <Modal
      open={open}
      title={purpose === 'memo' ? scanMessages.scanMemo : scanMessages.scanPack}
      onClose={onClose}
      footer={
        <>
          {memoStatus.length > 0 ? (
            <Button onClick={() => finish([...progressRef.current.confirmed])}>{text.useFound}</Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {text.close}
          </Button>
        </>
      }
    >
      <p id={hintId} className="scan-dialog__hint">
        {purpose === 'memo' ? text.hintMemo : text.hintPack}
      </p>
      {problem ? null : (
        <div className="scan-dialog__viewfinder">
          <video ref={video} className="scan-dialog__video" muted playsInline aria-label={text.viewfinder} aria-describedby={hintId} />
          <div className="scan-dialog__frame" aria-hidden="true" />
        </div>
      )}
      <p className={problem ? 'scan-dialog__problem' : 'scan-dialog__status'} role={problem ? 'alert' : 'status'}>
        {phase === 'decoderFailed' ? text.decoderFailed : cameraNotice}
      </p>
      {memoStatus.length > 0 ? (
        <ul className="scan-dialog__found" aria-live="polite">
          {memoStatus.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {torch.available ? (
        <Button variant="secondary" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
          {torch.on ? text.torchOff : text.torchOn}
        </Button>
      ) : null}
      {phase === 'decoderFailed' ? null : (
        <div className="scan-dialog__photo">
          <input
            id={`${hintId}-photo`}
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden scan-dialog__photo-input"
            aria-label={text.uploadPhoto}
            aria-describedby={`${hintId}-photo-hint`}
            onChange={(event) => {
              void readPhoto(event.target.files);
              event.target.value = '';
            }}
          />
          <label htmlFor={`${hintId}-photo`} className="button button--secondary scan-dialog__photo-button" aria-hidden="true">
            {text.uploadPhoto}
          </label>
          <p className="field__hint" id={`${hintId}-photo-hint`}>
            {text.photoPrivacy}
          </p>
          {photoNotice ? (
            <p className="scan-dialog__status" role="status">
              {photoNotice}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

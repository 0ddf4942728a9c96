import type { HlsConfig, Loader as HlsLoader, LoaderContext } from 'hls.js';
import { type SyntheticEvent, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PlayerEntry } from 'react-player/players';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { Loader } from '../status-views.tsx';
import { readPosition, useWatchProgress } from './use-watch-progress.ts';
import { isFinished } from './watch-time.ts';
import { t } from '../../i18n/language.ts';
import { chooseDataSaver, useDataSaver } from './data-saver.ts';
import { applyDataSaver, HLS_CONFIG, type HlsApi, hlsOf, startOnce, stepName, watchLadder } from './ladder.ts';
import { holdHeadStart } from './head-start.ts';

// react-player (and, through it, hls.js or the YouTube and Vimeo elements) arrives only when a video opens.
// Its load is tried again as a screen's is, and Try again on the error view loads it afresh.
const ReactPlayer = preloadableLazy(() => import('react-player'));
// An encoded ladder: hls.js's defaults become HLS_CONFIG before the player exists. react-player hands its `config`
// to the HLS element in an effect, and the element may have built its hls.js instance by then (React commits a
// moment after it sets `src`), which then starts on hls.js's own defaults, Data saver's cap included
// (docs/decisions/074). hls.js is the same module the element imports, so it is fetched once. The element's own
// module comes at the same time, not one round trip after hls.js, and is given to react-player as its player for
// HLS (its documented `addCustomPlayer`, with the same entry as its own but not lazy): react-player's lazy entry
// would suspend once more, and React shows what replaces a fallback no sooner than 300 ms after it.
const LadderPlayer = preloadableLazy(async () => {
  const [{ default: Hls }, player, { default: HlsVideo }] = await Promise.all([
    import('hls.js'),
    import('react-player'),
    import('hls-video-element/react'),
  ]);
  Hls.DefaultConfig = { ...Hls.DefaultConfig, ...HLS_CONFIG };
  const hlsEntry: PlayerEntry = {
    key: 'hls',
    name: 'hls.js',
    canPlay: isLadder,
    canEnablePIP: () => true,
    // The element's React component, typed for its own props; react-player's entry holds the same one, untyped.
    player: HlsVideo as unknown as PlayerEntry['player'],
  };
  player.default.addCustomPlayer?.(hlsEntry);
  return player;
});
const isLadder = (src: string) => /\.m3u8($|\?)/i.test(src);
const playerFor = (src: string) => (isLadder(src) ? LadderPlayer : ReactPlayer);

/**
 * From the tap on a topic, before its player can show (a downloaded copy is looked for first): the player's code, and
 * for an encoded ladder the head start's playlists (head-start.ts). The segments wait for the player itself, which
 * knows whether it plays the network's stream or a download.
 */
export function usePrepareVideo(src: string, online: boolean) {
  useEffect(() => {
    if (!online || !src) return;
    playerFor(src)
      .preload()
      .catch(() => undefined);
    return isLadder(src) ? holdHeadStart(src, { resumeAt: null, segments: false }) : undefined;
  }, [src, online]);
}

type MediaEvent = SyntheticEvent<HTMLVideoElement> | Event;
const mediaOf = (event: MediaEvent) => event.currentTarget as HTMLVideoElement;

export interface VideoPlayerProps {
  topicId: number;
  /** A file under /media/, a YouTube or Vimeo page, or an HLS playlist. */
  src: string;
  title: string;
  /** Where the student stopped last time, in seconds. */
  resumeAt: number | null;
  /** A downloaded stream: hls.js reads it through this loader (lib/downloads/offline-hls-loader.ts). */
  hlsLoader?: (new (config: HlsConfig) => HlsLoader<LoaderContext>) | undefined;
  /** Played from this device (a download): no link to open it elsewhere. */
  downloaded?: boolean;
}

/**
 * The topic video with its controls: 580 px high on wide screens, 16:9 and never wider than the screen on
 * phones. It starts where the student stopped and reports how far they get (use-watch-progress.ts).
 */
export function VideoPlayer({ topicId, src, title, resumeAt, hlsLoader, downloaded = false }: VideoPlayerProps) {
  const progress = useWatchProgress(topicId);
  const [failed, setFailed] = useState(false);
  const resumed = useRef(false);
  // An adaptive stream (an encoded ladder, docs/decisions/074): the step playing, and Data saver's cap on it.
  const saving = useDataSaver();
  const savingNow = useRef(saving);
  savingNow.current = saving;
  const hls = useRef<HlsApi>(undefined);
  const [step, setStep] = useState<string>();
  const follow = (element: unknown) => {
    const api = hlsOf(element);
    if (!api) return;
    // The HLS element takes `config` after its first load may have started hls.js (see LadderPlayer). A download's
    // loader cannot be one of hls.js's defaults, as it is no other stream's: a downloaded stream whose hls.js has the
    // network's loader instead of the device's is loaded again, with it (docs/decisions/077).
    if (hlsLoader && api.config?.loader !== hlsLoader) {
      (element as { load(): void }).load();
      return;
    }
    hls.current = api;
    watchLadder(api, () => {
      applyDataSaver(api, savingNow.current);
      setStep(stepName(api));
      startOnce(element, api);
    });
    startOnce(element, api);
    applyDataSaver(api, savingNow.current);
    // hls.js may have chosen its first step before the player heard of it, and stay there (Data saver).
    setStep(stepName(api));
  };
  useEffect(() => {
    if (hls.current) applyDataSaver(hls.current, saving);
  }, [saving]);
  // The network's stream: its first playlists and segments are fetched beside the player's code, not after it. Before
  // the HLS element can start hls.js (a layout effect), so that every file fetched ahead is fetched once.
  const headStart = isLadder(src) && !hlsLoader;
  useLayoutEffect(
    () => (headStart ? holdHeadStart(src, { resumeAt, segments: true }) : undefined),
    [headStart, src, resumeAt],
  );

  // Once the length is known, jump to the stored position unless the video was watched to the end. Tried on
  // every early event and when the element attaches: one that fired before React listened is not missed.
  const resume = (media: HTMLVideoElement | null) => {
    follow(media);
    if (!media || resumed.current || !Number.isFinite(media.duration) || media.duration <= 0) return;
    resumed.current = true;
    if (resumeAt && resumeAt > 0 && !isFinished(resumeAt, media.duration)) media.currentTime = resumeAt;
  };
  const onTimeUpdate = (event: MediaEvent) => {
    const media = mediaOf(event);
    resume(media);
    // Only time that moves while playing is watching; a seek on a paused video is not.
    if (!media.paused) progress.seen(readPosition(media));
  };
  const onStopped = (event: MediaEvent) => progress.stopped(readPosition(mediaOf(event)));

  if (failed) return <PlaybackFailed src={downloaded ? undefined : src} />;
  const Player = playerFor(src);
  return (
    <figure className="w-full max-w-full">
      <div className="aspect-video w-full max-w-full overflow-hidden rounded-xl bg-black md:aspect-auto md:h-[580px]">
        <Suspense fallback={<Loader />}>
          <Player
            src={src}
            controls
            // A ladder is started by the player itself (startOnce in ladder.ts).
            autoPlay={Player !== LadderPlayer}
            playsInline
            width="100%"
            height="100%"
            ref={resume}
            config={{ hls: hlsLoader ? { ...HLS_CONFIG, loader: hlsLoader } : HLS_CONFIG }}
            onLoadStart={(event) => follow(mediaOf(event))}
            onLoadedMetadata={(event) => resume(mediaOf(event))}
            onDurationChange={(event) => resume(mediaOf(event))}
            onTimeUpdate={onTimeUpdate}
            onPause={onStopped}
            onEnded={onStopped}
            onError={() => setFailed(true)}
          />
        </Suspense>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">{title}</span>
        <ElsewhereLink src={src} />
        {step !== undefined && <StepChoice step={step} saving={saving} />}
      </figcaption>
    </figure>
  );
}

/** The step playing and the Data saver switch, for a video with several steps (an encoded ladder). */
function StepChoice({ step, saving }: { step: string; saving: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span data-testid="video-quality">{t('Quality: {step}', { step })}</span>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={saving}
          onChange={(event) => chooseDataSaver(event.currentTarget.checked)}
        />
        {t('Data saver (lowest quality)')}
      </label>
    </span>
  );
}

/** YouTube and Vimeo embeds can fail (blocked networks, removed videos): their own site is one tap away. */
function ElsewhereLink({ src }: { src: string }) {
  const site = /^https:\/\/(?:www\.)?(youtube\.com|youtu\.be|vimeo\.com)\//.exec(src)?.[1];
  if (!site) return null;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-blue-700 underline">
      {t('Open on {site}', { site: site.startsWith('vimeo') ? 'Vimeo' : 'YouTube' })}
    </a>
  );
}

function PlaybackFailed({ src }: { src: string | undefined }) {
  return (
    <div
      role="alert"
      className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-slate-900 p-4 text-center text-white md:aspect-auto md:h-[580px]"
    >
      <p className="font-semibold">{t('This video could not be played here.')}</p>
      {src ? (
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-md bg-white px-4 py-2 font-medium text-slate-900"
        >
          {t('Open the video in a new tab')}
        </a>
      ) : null}
    </div>
  );
}

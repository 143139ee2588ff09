import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_INITIAL_SLIDE, fillMessage, homeMessages, type Slide } from '@farmacia/contract';
import { useRouter } from '@tanstack/react-router';
import useEmblaCarousel from 'embla-carousel-react';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { glideTransition, slideShift, trackTransform } from './carousel-glide';

/**
 * Embla's `duration` is an attraction factor (20–60, higher is slower), not milliseconds. Measured
 * in Chromium on a 380 px slide: 20 covers 90% of the way in ~280 ms and settles within 2 px in
 * ~510 ms (25, the default: 360 / 760 ms) — the nearest to the spec's speed of 400 ms (§9).
 */
const EMBLA_DURATION_FOR_400_MS = 20;

/** What a person does first inside the carousel (a screen reader's activation may be a bare click). */
const FIRST_USE_EVENTS = ['pointerdown', 'touchstart', 'mousedown', 'focusin', 'keydown', 'click'] as const;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Spec §9 "initial slide 1" is the carousel's 0-based index (the second slide), if there is one. */
export function initialSlideIndex(count: number): number {
  return Math.max(0, Math.min(CAROUSEL_INITIAL_SLIDE, count - 1));
}

function SlideLink({ slide, children }: { slide: Slide; children: React.ReactNode }) {
  const router = useRouter();
  const internal = /^\/(?!\/)/.test(slide.url);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!internal || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.history.push(slide.url);
  };
  if (!slide.url) return <>{children}</>;
  return (
    <a href={slide.url} onClick={onClick} {...(internal ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
      {children}
    </a>
  );
}

/** A slide autoplay has moved a lap or more on (carousel-glide.ts); none at the opening position, as the server's copy. */
function slideStyle(slide: number, position: number, count: number) {
  const shift = slideShift(slide, position, count);
  return shift === 0 ? undefined : { transform: `translate3d(${shift * 100}%, 0px, 0px)` };
}

/**
 * The home carousel (spec §2/§9: autoplay 3000 ms, speed 400, initial slide 1), with what WCAG
 * asks of moving content: a pause button, previous/next and per-slide buttons, no autoplay while
 * the pointer or focus is inside, and none at all for users who prefer reduced motion.
 */
export function HomeCarousel({ slides }: { slides: readonly Slide[] }) {
  const [reducedMotion] = useState(prefersReducedMotion);
  // Autoplay's steps taken before Embla started (carousel-glide.ts): the track's position in
  // slides, counted from the opening one (slides may come after the first render).
  const [glides, setGlides] = useState(0);
  const position = initialSlideIndex(slides.length) + glides;
  const shownBeforeEmbla = slides.length > 0 ? position % slides.length : 0;
  const [emblaRef, embla] = useEmblaCarousel({
    loop: slides.length > 1,
    // Embla starts on the slide autoplay has brought into view (no step is taken once it runs).
    startIndex: shownBeforeEmbla,
    duration: EMBLA_DURATION_FOR_400_MS,
  });
  // The slide Embla reports in view, from its first report on (it starts on `shownBeforeEmbla`).
  const [selected, setSelected] = useState<number>();
  const [playing, setPlaying] = useState(!reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Embla's start (it measures the slides and builds its engine: ~11 ms of CPU on this host, the
  // home's largest task of its own, ×4–9 on a slow phone) waits until it is needed (decisions 0601,
  // 0642): the first press, touch, focus or key inside the carousel. It is then created
  // synchronously, in that event's capture phase on the section: Embla listens on the viewport,
  // which the event reaches next, so the touch that started it already drags. Until then the track
  // shows the opening slide with a percentage, as the server's copy (decision 0375), and autoplay
  // moves it by CSS.
  const [started, setStarted] = useState(false);
  const current = useRef(embla);
  current.current = embla;
  const startNow = useCallback(() => {
    // flushSync renders, commits and runs the hook's effect (a discrete update's passive effects
    // are flushed in the same call): the instance exists when it returns.
    if (!current.current) flushSync(() => setStarted(true));
  }, []);
  const section = useRef<HTMLElement>(null);
  // The section exists only with slides (they may come with a later answer).
  const shown = slides.length > 0;
  useEffect(() => {
    const node = section.current;
    if (!node || !shown || started) return;
    const onFirst = () => startNow();
    for (const type of FIRST_USE_EVENTS) node.addEventListener(type, onFirst, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) node.removeEventListener(type, onFirst, { capture: true });
    };
  }, [shown, started, startNow]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    embla.on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect);
      embla.off('reInit', onSelect);
    };
  }, [embla]);

  const autoplay = playing && !hovered && !focused && slides.length > 1;
  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => {
      if (current.current) current.current.scrollNext(reducedMotion);
      else setGlides((n) => n + 1);
    }, CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay, reducedMotion]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index, reducedMotion), [embla, reducedMotion]);

  if (slides.length === 0) return null;
  // Until Embla reports, the slide in view is the one autoplay brought there.
  const active = embla && selected !== undefined ? selected : shownBeforeEmbla;
  // Once Embla has started the track is its own: this style no longer changes (no more glides), so React never writes it again.
  const trackStyle = {
    transform: trackTransform(position),
    ...(started || reducedMotion || glides === 0 ? {} : { transition: glideTransition() }),
  };
  const multiple = slides.length > 1;
  return (
    <section
      ref={section}
      className="carousel"
      aria-roledescription="carousel"
      aria-label={homeMessages.slides}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__viewport" ref={started ? emblaRef : undefined}>
        {/* Announce slide changes only when the user moves them, never while autoplaying. */}
        <div
          className="carousel__track"
          aria-live={autoplay ? 'off' : 'polite'}
          style={trackStyle}
        >
          {slides.map((slide, index) => (
            // The WAI-ARIA carousel pattern: each slide is a group described as a 'slide'.
            // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls, not a slide
            <div
              key={`${slide.image} ${slide.url}`}
              className="carousel__slide"
              style={started ? undefined : slideStyle(index, position, slides.length)}
              role="group"
              aria-roledescription="slide"
              aria-label={fillMessage(homeMessages.slide, { n: index + 1, total: slides.length })}
              aria-hidden={index === active ? undefined : true}
              inert={index === active ? undefined : true}
            >
              <SlideLink slide={slide}>
                <img
                  src={slide.image}
                  alt={slide.alt}
                  width="1200"
                  height="500"
                  className="carousel__image"
                  loading={index === initialSlideIndex(slides.length) ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </SlideLink>
            </div>
          ))}
        </div>
      </div>
      {multiple ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-label={playing ? homeMessages.pauseSlides : homeMessages.playSlides}
            onClick={() => setPlaying(!playing)}
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <button type="button" className="carousel__button" aria-label={homeMessages.previousSlide} onClick={() => embla?.scrollPrev(reducedMotion)}>
            <span aria-hidden="true">‹</span>
          </button>
          <div className="carousel__dots">
            {slides.map((slide, index) => (
              <button
                key={`${slide.image} ${slide.url}`}
                type="button"
                className={index === active ? 'carousel__dot carousel__dot--active' : 'carousel__dot'}
                aria-label={fillMessage(homeMessages.goToSlide, { n: index + 1 })}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
          <button type="button" className="carousel__button" aria-label={homeMessages.nextSlide} onClick={() => embla?.scrollNext(reducedMotion)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}

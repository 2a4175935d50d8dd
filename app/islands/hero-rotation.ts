// The hero's rotation (SPEC section 4): a new message every HERO_ROTATION_MS, faded out and in
// over HERO_FADE_MS, verse and testimonial in turn, each list cycling on its own. WCAG 2.2.2: a
// visible pause/play control; hovering the message or moving keyboard focus into the hero pauses
// it; visitors who prefer reduced motion start paused and see no fade. The server renders the
// first message shown and the control hidden, so nothing moves before this runs.
// The hero marks what it looks for: the messages' box (`data-rotation-messages`), each message's
// list (`data-kind`), the control (`data-rotation-toggle`), its word and its two icons.
import { HERO_FADE_MS, HERO_ROTATION_MS } from "~/lib/constants";
import { reducedMotion as reducedMotionQuery, showOneOf } from "./dom";
import type { Island } from "./island";

export const heroRotation: Island = {
  name: "hero-rotation",
  attach(root) {
    const messages = root.querySelector<HTMLElement>("[data-rotation-messages]");
    const toggle = root.querySelector<HTMLButtonElement>("[data-rotation-toggle]");
    if (!messages || !toggle) return;
    const figures = [...messages.querySelectorAll<HTMLElement>("[data-kind]")];
    // One message (or none) has nothing to rotate: it stays, and so does the hidden control.
    if (figures.length < 2) return;
    const verses = figures.filter((figure) => figure.dataset.kind === "verse");
    const testimonials = figures.filter((figure) => figure.dataset.kind === "testimonial");
    const word = toggle.querySelector("[data-rotation-word]");
    const pauseIcon = toggle.querySelector('[data-rotation-icon="pause"]');
    const playIcon = toggle.querySelector('[data-rotation-icon="play"]');
    const reducedMotion = reducedMotionQuery();

    let step = 0;
    let fading = false;
    /** The visitor's own choice with the pause/play control; until then, reduced motion means paused. */
    let stoppedByUser: boolean | null = null;
    let hovered = false;
    let focused = false;
    let interval: ReturnType<typeof setInterval> | undefined;
    let fade: ReturnType<typeof setTimeout> | undefined;

    const stopped = () => stoppedByUser ?? reducedMotion.matches;
    const running = () => !stopped() && !hovered && !focused;

    /** Verse, testimonial, verse, testimonial...: each list cycles on its own; one kind alone cycles by itself. */
    const shownFigure = () => {
      if (verses.length === 0 || testimonials.length === 0) return figures[step % figures.length];
      const round = Math.floor(step / 2);
      return step % 2 === 0 ? verses[round % verses.length] : testimonials[round % testimonials.length];
    };

    const render = () => {
      showOneOf(figures, shownFigure(), fading);
      messages.setAttribute("aria-live", running() ? "off" : "polite");
      if (word) word.textContent = stopped() ? "Play" : "Pause";
      pauseIcon?.classList.toggle("hidden", stopped());
      playIcon?.classList.toggle("hidden", !stopped());
    };

    const advance = () => {
      if (reducedMotion.matches) {
        step += 1;
        render();
      } else if (!fading) {
        fading = true;
        render();
        // A fade that has begun always completes, even if the rotation pauses meanwhile.
        fade = setTimeout(() => {
          step += 1;
          fading = false;
          render();
        }, HERO_FADE_MS);
      }
    };

    /** Starts or stops the timer to match the state, then shows the state. */
    const update = () => {
      if (!running()) {
        clearInterval(interval);
        interval = undefined;
      } else if (interval === undefined) {
        interval = setInterval(advance, HERO_ROTATION_MS);
      }
      render();
    };

    const onToggle = () => {
      stoppedByUser = !stopped();
      update();
    };
    const onEnter = () => {
      hovered = true;
      update();
    };
    const onLeave = () => {
      hovered = false;
      update();
    };
    /** Keyboard focus anywhere in the hero pauses it, except on the pause/play control itself. */
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      focused = target !== toggle && target.matches(":focus-visible");
      update();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
      focused = false;
      update();
    };

    const listening = new AbortController();
    const { signal } = listening;
    toggle.addEventListener("click", onToggle, { signal });
    messages.addEventListener("mouseenter", onEnter, { signal });
    messages.addEventListener("mouseleave", onLeave, { signal });
    root.addEventListener("focusin", onFocusIn, { signal });
    root.addEventListener("focusout", onFocusOut, { signal });
    reducedMotion.addEventListener("change", update, { signal });
    toggle.hidden = false;
    update();

    return () => {
      clearInterval(interval);
      clearTimeout(fade);
      listening.abort();
    };
  },
};

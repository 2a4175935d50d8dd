// The testimony carousel (SPEC section 2): previous and next buttons (`data-carousel-step`, -1 or
// 1) turn it, wrapping around; the shown slide fades out over CAROUSEL_FADE_MS, then the next one
// fades in (no fade for visitors who prefer reduced motion). It never turns by itself. The
// server renders the first slide shown, and the buttons disabled when there is nothing to turn to.
import { CAROUSEL_FADE_MS } from "~/lib/constants";
import { reducedMotion, showOneOf } from "./dom";
import type { Island } from "./island";

export const testimonyCarousel: Island = {
  name: "testimony-carousel",
  attach(root) {
    const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    const counter = root.querySelector("[data-carousel-counter]");
    const buttons = [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-step]")];
    // The controls work now: show them (the server renders them hidden, for visitors without scripts).
    buttons[0]?.parentElement?.removeAttribute("hidden");
    let shown = 0;
    let target = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const render = () => {
      showOneOf(slides, slides[shown], shown !== target);
      if (counter) counter.textContent = `${shown + 1} / ${slides.length}`;
    };

    // Fade the current slide out, then show the target (which fades in).
    const go = (delta: number) => {
      const count = slides.length;
      if (count === 0) return;
      target = (target + delta + count) % count;
      clearTimeout(timer);
      if (shown !== target) {
        timer = setTimeout(
          () => {
            shown = target;
            render();
          },
          reducedMotion().matches ? 0 : CAROUSEL_FADE_MS,
        );
      }
      render();
    };

    const listening = new AbortController();
    const onClick = (event: MouseEvent) => go(Number((event.currentTarget as HTMLElement).dataset.carouselStep));
    for (const button of buttons) button.addEventListener("click", onClick, { signal: listening.signal });
    return () => {
      clearTimeout(timer);
      listening.abort();
    };
  },
};

// The hero's rotation (SPEC section 4): a new message every HERO_ROTATION_MS, faded out and in
// over HERO_FADE_MS. WCAG 2.2.2: a visible pause/play control; hovering the message or moving
// keyboard focus into the hero pauses it; visitors who prefer reduced motion start paused and see
// no fade. Nothing rotates before JavaScript has loaded.
import { useEffect, useState, type FocusEvent } from "react";
import { useHydrated, usePrefersReducedMotion } from "~/components/use-client";
import { HERO_FADE_MS, HERO_ROTATION_MS } from "~/lib/constants";

/** The data attribute that marks the pause/play control (focusing it does not pause). */
const ROTATION_TOGGLE = "rotationToggle";
export const rotationToggleProps = { "data-rotation-toggle": "" } as const;

export function useHeroRotation() {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [step, setStep] = useState(0);
  const [fading, setFading] = useState(false);
  /** The visitor's own choice with the pause/play control; until then, reduced motion means paused. */
  const [stoppedByUser, setStoppedByUser] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const stopped = stoppedByUser ?? reducedMotion;
  const running = hydrated && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (reducedMotion) setStep((s) => s + 1);
      else setFading(true);
    }, HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, [running, reducedMotion]);

  // A fade that has begun always completes, even if the rotation pauses meanwhile.
  useEffect(() => {
    if (!fading) return;
    const timer = setTimeout(() => {
      setStep((s) => s + 1);
      setFading(false);
    }, HERO_FADE_MS);
    return () => clearTimeout(timer);
  }, [fading]);

  return {
    step,
    fading,
    running,
    stopped,
    hydrated,
    toggle: () => setStoppedByUser(!stopped),
    hoverProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    },
    /** Keyboard focus anywhere in the hero pauses it, except on the pause/play control itself. */
    focusProps: {
      onFocus: (event: FocusEvent<HTMLElement>) =>
        setFocused(!(ROTATION_TOGGLE in event.target.dataset) && event.target.matches(":focus-visible")),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}

// Public addresses of records, built the same way wherever they are linked.

/** The address of a post: its slug, or its id when it has no slug. */
export function postPath(post: { slug: string; id: number }): string {
  return `/blog/${post.slug || post.id}`;
}

/** The page a subscription confirmation e-mail links to (its button confirms). */
export function confirmSubscriptionPath(token: string): string {
  return `/newsletter/confirm/${token}`;
}

/** The page a newsletter's unsubscribe link opens (its button unsubscribes; one-click POSTs go there too). */
export function unsubscribePath(token: string): string {
  return `/newsletter/unsubscribe/${token}`;
}

/** An event's registration desk in the admin area. */
export function registrationDeskPath(eventId: number): string {
  return `/admin/events/registrations/${eventId}`;
}

// A blog post as visitors see it (SPEC section 2, Blog post): image, back link, category, title,
// date and author, and the content as paragraphs. The public page and the admin's preview both
// draw it, so a preview is exactly what visitors will see.
import { SiteLink } from "~/components/site-link";
import type { PostPage } from "~/features/publishing/public-post";
import { ArrowLeftIcon } from "../../components/icons";
import { LineParagraphs } from "../../components/paragraphs";
import { FeatureImage } from "~/features/images";
import { WhatsAppShareLink } from "../../components/share-links";

function BackToBlogLink({ children }: { children: string }) {
  return (
    <SiteLink to="/blog" className="-my-1 inline-flex items-center gap-1.5 py-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeftIcon className="size-4" /> {children}
    </SiteLink>
  );
}

export function BlogPostArticle({ post, whatsappHref }: PostPage) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {post.image_url ? (
        <FeatureImage src={post.image_url} alt={post.image_alt || post.title} sizes="(min-width: 800px) 768px, 100vw" className="mb-8 rounded-xl" />
      ) : null}
      <BackToBlogLink>Back to all blogs</BackToBlogLink>
      <header className="mt-6 border-b border-stone-200 pb-6">
        {post.category ? <p className="text-xs font-bold uppercase tracking-widest text-gold-700">{post.category}</p> : null}
        <h1 className="mt-2 font-serif text-3xl font-bold leading-tight text-brand-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-stone-600">
          <time dateTime={post.date}>{post.dateLabel}</time> • By {post.author}
        </p>
        {whatsappHref ? <WhatsAppShareLink href={whatsappHref} className="mt-4" /> : null}
      </header>
      <LineParagraphs text={post.content} className="mt-8 text-lg leading-relaxed text-stone-800" />
    </article>
  );
}

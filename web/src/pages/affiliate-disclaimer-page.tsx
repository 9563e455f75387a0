import { Page } from '../ui/page';

export default function AffiliateDisclaimerPage() {
  return (
    <Page title="Affiliate disclosure">
      <div className="prose">
        <p>
          Some links to marketplaces are affiliate links, including the eBay Partner Network and the
          AliExpress affiliate programme. When you buy after following one, the marketplace may pay us a
          commission. You pay the same price.
        </p>
        <p>
          Commissions never decide rankings: search results, deals and price comparisons are ordered by
          relevance and price alone. Sponsored products, where shown, are labelled.
        </p>
      </div>
    </Page>
  );
}

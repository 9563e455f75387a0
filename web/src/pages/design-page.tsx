import { REGIONS } from '@pt/domain';
import { Bell, PackageOpen, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '../modules/auth/hooks/auth-context';
import { useAuthDialog } from '../modules/auth/hooks/auth-dialog-context';
import { RegionFlag } from '../modules/region/components/region-flag';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Checkbox } from '../ui/checkbox';
import { Dialog } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { LoadingScreen } from '../ui/loading-screen';
import { Page } from '../ui/page';
import { PriceTag } from '../ui/price-tag';
import { RadioGroup } from '../ui/radio-group';
import { SearchInput } from '../ui/search-input';
import { Select } from '../ui/select';
import { Skeleton } from '../ui/skeleton';
import { Switch } from '../ui/switch';
import { Tabs } from '../ui/tabs';
import { Textarea } from '../ui/textarea';
import { TextInput } from '../ui/text-input';

/**
 * The design system's catalogue: every component of src/ui in the light and the dark theme side by
 * side. Admins see it in production; in a development build (vite dev) everyone does.
 */
export default function DesignPage() {
  const { isAdmin, authenticated, status } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  if (!import.meta.env.DEV && !isAdmin) {
    if (status === 'loading') return <LoadingScreen />;
    return (
      <Page title="Design system">
        <p>The component catalogue is for administrators.</p>
        {!authenticated && (
          <Button variant="primary" onClick={() => openAuthDialog({ redirectTo: '/design' })}>
            Sign In
          </Button>
        )}
      </Page>
    );
  }
  return (
    <Page title="Design system">
      <p className="muted">Every control of the app, in both themes. Tokens live in src/ui/tokens.css.</p>
      <div className="design-themes">
        <ThemePanel theme="light" />
        <ThemePanel theme="dark" />
      </div>
    </Page>
  );
}

const SIZES = ['sm', 'md', 'lg'] as const;
const VARIANTS = ['primary', 'secondary', 'ghost', 'danger', 'link'] as const;
const SWATCHES = [
  '--bg',
  '--bg-raised',
  '--bg-sunken',
  '--fg',
  '--fg-muted',
  '--border-strong',
  '--accent',
  '--accent-strong',
  '--danger',
  '--success',
  '--warning',
] as const;

function ThemePanel({ theme }: { theme: 'light' | 'dark' }) {
  const name = theme === 'light' ? 'Light' : 'Dark';
  const [text, setText] = useState('Headphones');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState('relevance');
  const [checked, setChecked] = useState(true);
  const [condition, setCondition] = useState('new');
  const [on, setOn] = useState(true);
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <section className={`design-panel theme-${theme}`} aria-labelledby={`design-${theme}`} data-theme={theme}>
      <h2 id={`design-${theme}`}>{name} theme</h2>

      <h3>Buttons</h3>
      <div className="design-row">
        {VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant[0]?.toUpperCase()}
            {variant.slice(1)}
          </Button>
        ))}
      </div>
      <div className="design-row">
        {SIZES.map((size) => (
          <Button key={size} variant="primary" size={size}>
            Size {size}
          </Button>
        ))}
        <Button disabled>Disabled</Button>
        <Button icon aria-label={`Add (${name})`}>
          <Plus size={18} aria-hidden="true" />
        </Button>
        <Button variant="danger" size="sm">
          <Trash2 size={16} aria-hidden="true" /> Delete
        </Button>
        <Button size="sm" aria-pressed="true">
          Pressed
        </Button>
      </div>

      <h3>Inputs</h3>
      <TextInput label="Product name" value={text} onChange={(e) => setText(e.target.value)} hint="A hint." />
      <TextInput label="Email" defaultValue="not-an-email" error="Please enter a valid email address" />
      <TextInput label="Disabled field" defaultValue="Read only" disabled />
      <SearchInput
        label={`Search products (${name})`}
        showLabel
        value={query}
        placeholder="Search eBay and AliExpress"
        onChange={(e) => setQuery(e.target.value)}
        onClear={() => setQuery('')}
      />
      <Textarea label="Note" defaultValue="Wait for Black Friday" rows={3} />

      <h3>Choices</h3>
      <Select
        label="Sort by"
        value={sort}
        onValueChange={setSort}
        options={[
          { value: 'relevance', label: 'Relevance' },
          { value: 'price_asc', label: 'Price: low to high' },
          { value: 'price_desc', label: 'Price: high to low' },
        ]}
      />
      <div className="design-row">
        <Checkbox label="eBay" checked={checked} onCheckedChange={setChecked} />
        <Checkbox label="AliExpress" checked={!checked} onCheckedChange={(v) => setChecked(!v)} />
        <Checkbox label="Disabled" checked={false} onCheckedChange={() => undefined} disabled />
      </div>
      <RadioGroup
        label="Condition"
        value={condition}
        onValueChange={setCondition}
        options={[
          { value: 'new', label: 'New' },
          { value: 'used', label: 'Used' },
          { value: 'refurbished', label: 'Refurbished' },
        ]}
      />
      <Switch label="Email me when the price drops" checked={on} onCheckedChange={setOn} />

      <h3>Badges and prices</h3>
      <div className="design-row">
        <Badge>Neutral</Badge>
        <Badge tone="accent">Best value</Badge>
        <Badge tone="success">Low price</Badge>
        <Badge tone="warning">Typical</Badge>
        <Badge tone="danger">High price</Badge>
      </div>
      <div className="design-row">
        <PriceTag amount={79.99} original={119.99} size="lg" testId={`design-price-${theme}`} />
        <PriceTag amount={24.5} testId={`design-price-plain-${theme}`} />
      </div>

      <h3>Card</h3>
      <Card interactive>
        <strong>Sony WH-1000XM5</strong>
        <p className="muted">eBay · New</p>
        <PriceTag amount={279} original={349} testId={`design-card-price-${theme}`} />
      </Card>

      <h3>Tabs</h3>
      <Tabs
        label={`Example tabs (${name})`}
        items={[
          { value: 'overview', label: 'Overview', content: <p>Overview panel.</p> },
          { value: 'history', label: 'History', content: <p>History panel.</p> },
        ]}
      />

      <h3>Dialog and toast</h3>
      <div className="design-row">
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title="Delete this list?"
          description="Its items are removed too."
          trigger={<Button>Open dialog</Button>}
          actions={
            <>
              <Button onClick={() => setDialogOpen(false)}>Cancel</Button>
              <Button variant="danger" onClick={() => setDialogOpen(false)}>
                Delete
              </Button>
            </>
          }
        />
        <Button onClick={() => toast.success('Saved')}>Show a toast</Button>
        <Button onClick={() => toast.error('Failed to save')}>Show an error toast</Button>
      </div>

      <h3>Loading, empty and error</h3>
      <Skeleton height={80} />
      <Skeleton width="60%" />
      <EmptyState
        icon={PackageOpen}
        title="This list is empty"
        headingLevel={4}
        action={<Button variant="primary">Find products</Button>}
      >
        <p>Add products from a search or a product page.</p>
      </EmptyState>
      <ErrorState
        title="Something went wrong"
        headingLevel={4}
        action={<Button variant="primary">Try again</Button>}
      >
        <p>The service is unavailable right now.</p>
      </ErrorState>

      <h3>Region flags</h3>
      <ul className="design-row design-flags">
        {REGIONS.map((r) => (
          <li key={r.id}>
            <RegionFlag region={r.id} /> {r.id.toUpperCase()}
          </li>
        ))}
      </ul>

      <h3>Colour tokens</h3>
      <ul className="design-swatches">
        {SWATCHES.map((token) => (
          <li key={token}>
            <span className="design-swatch" style={{ background: `var(${token})` }} aria-hidden="true" />
            <code>{token}</code>
          </li>
        ))}
      </ul>
      <p className="muted">
        <Bell size={14} aria-hidden="true" /> Focus any control with Tab to see its ring.
      </p>
    </section>
  );
}

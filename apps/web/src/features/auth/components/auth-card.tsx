import type { ReactNode } from 'react';
import { Card } from '@/ui/card';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/** The card every sign-in screen sits in; the login form of the auth release slots in as its child. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Card className="overflow-hidden shadow-sm">
      <div className="space-y-6 p-8">
        <div className="space-y-2 text-center">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="text-sm text-slate-500">{description}</p> : null}
        </div>
        {children}
      </div>
      {footer ? (
        <div className="border-t border-slate-100 bg-slate-50 px-8 py-4 text-center text-sm text-slate-500">
          {footer}
        </div>
      ) : null}
    </Card>
  );
}

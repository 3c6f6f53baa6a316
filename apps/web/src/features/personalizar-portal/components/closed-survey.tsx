import { SURVEY_MSG } from '@legiao/contracts/pesquisa';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

/** The end view: also what a failed load shows (spec 001 sections 2.16 and 8). */
export function ClosedSurvey() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <div className="result personalizar__fim" role="status">
      <span className="result__icon" aria-hidden="true">
        ✓
      </span>
      <h2 className="personalizar__fim-titulo" ref={titleRef} tabIndex={-1}>
        {SURVEY_MSG.encerrada}
      </h2>
      <p className="result__text">Com as suas respostas, o portal fica com a sua cara.</p>
      <Link className="button" to="/home">
        Ir para a home
      </Link>
    </div>
  );
}

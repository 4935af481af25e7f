"""The register's migrations build exactly the tables its models describe."""

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from noticeclerk.register.database import make_engine, upgrade
from noticeclerk.register.models import Base


def test_the_migrations_build_the_schema_the_models_describe(tmp_path):
    url = f"sqlite:///{tmp_path / 'register.db'}"
    upgrade(url)
    engine = make_engine(url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    # SQLite reports a DateTime column as DATETIME either way; only real drift is listed.
    drift = [d for d in differences if not (isinstance(d, list) and d[0][0] == "modify_type")]
    assert drift == []
